// The plots module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export {
  extendHold,
  holdPlot,
  lapseExpiredHolds,
  markAllocated,
  markSold,
  plotHoldHours,
  releaseClaim,
  reserveClaim,
  type ClaimRefusal,
  type ClaimResult,
  type HoldRequest,
  type PlotActor,
} from './claims.server';
export { holdAsVisitor, holdByLinkHandler } from './buyer/hold.server';
export { plotCountsHandler, publicPlotCounts } from './counts.server';
export { planImageHandler } from './plan/plan-image.server';
export { plotHoldsLapseJob } from './jobs.server';
export { deliverHoldMessage, plotSenders, startPlotMessageWorkers, type PlotHoldMessageJob } from './messages.server';
export {
  activeClaimOfPlot,
  claimById,
  claimsOfLeads,
  eventsOfPlot,
  insertPlots,
  plotById,
  plotCountsByDistrict,
  plotSnapshot,
  publicPlotByLabel,
  publicPlotsOfDistrict,
  type NewPlot,
} from './plots.repository.server';
export {
  allocatedHandler,
  editPlotHandler,
  extendHandler,
  holdHandler,
  importApplyHandler,
  importPreviewHandler,
  releaseHandler,
  reserveHandler,
  restoreHandler,
  soldHandler,
  withdrawHandler,
} from './staff/handlers.server';
export { applyLayout, previewLayout } from './staff/inventory-changes.server';
// The staff pages' reads (src/modules/plots/staff/pages.tsx), which the bench of the staff pages at scale runs too.
export { historyOfPlot, inventoryOfDistrict, inventoryPlot, leadChoices } from './staff/inventory.repository.server';
export { eraseClaimsOfLeads, plotRecordsOfLeads, type ClaimsErased } from './privacy.repository.server';
