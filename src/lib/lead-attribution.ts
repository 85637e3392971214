/** Where a lead came from, in the order staff read it: the same fields in the inbox, the sales e-mail and exports. */
export const ATTRIBUTION_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'referrer', 'landingPath'] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
