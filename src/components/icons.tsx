import type { ReactNode, SVGProps } from 'react';

/**
 * Brand icon set: 24x24 grid, 1.5 stroke, round caps and joins, drawn in currentColor.
 * Decorative by default (aria-hidden, focusable=false); pass aria-hidden={false} plus a
 * <title>/aria-label when an icon carries meaning on its own.
 */
export type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={24}
      height={24}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Filled glyph variant for brand logos. */
function Glyph({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <Icon fill="currentColor" stroke="none" {...props}>
      {children}
    </Icon>
  );
}

export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h10" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ArrowRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 12h16M14 6l6 6-6 6" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);

export const PhoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 4h3.2l1.6 4-2.1 1.3a11 11 0 0 0 7 7l1.3-2.1 4 1.6V19a1.5 1.5 0 0 1-1.5 1.5A16.5 16.5 0 0 1 3.5 5.5 1.5 1.5 0 0 1 5 4z" />
  </Icon>
);

export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5L12 13l8.5-6.5" />
  </Icon>
);

export const WhatsAppIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M12.04 2C6.58 2 2.15 6.43 2.15 11.88c0 1.75.46 3.45 1.33 4.95L2.07 22l5.3-1.39a9.86 9.86 0 0 0 4.67 1.19h.01c5.45 0 9.88-4.43 9.88-9.88A9.83 9.83 0 0 0 12.04 2zm0 18.13h-.01a8.2 8.2 0 0 1-4.18-1.15l-.3-.18-3.14.83.84-3.06-.2-.31a8.2 8.2 0 0 1-1.26-4.38c0-4.54 3.7-8.23 8.25-8.23a8.2 8.2 0 0 1 8.23 8.24c0 4.54-3.7 8.24-8.23 8.24zm4.52-6.16c-.25-.12-1.47-.72-1.69-.81-.23-.08-.39-.12-.56.13-.16.25-.64.81-.79.97-.14.17-.29.19-.54.06-.25-.12-1.05-.39-1.99-1.23-.74-.66-1.23-1.47-1.38-1.72-.14-.25-.01-.38.11-.51.11-.11.25-.29.37-.43.13-.15.17-.25.25-.42.08-.17.04-.31-.02-.43-.06-.13-.56-1.34-.76-1.84-.2-.48-.41-.42-.56-.43h-.48c-.17 0-.43.06-.66.31-.22.25-.86.85-.86 2.07 0 1.22.89 2.4 1.01 2.56.12.17 1.75 2.67 4.23 3.74.59.26 1.05.41 1.41.52.59.19 1.13.16 1.56.1.48-.07 1.47-.6 1.67-1.18.21-.58.21-1.07.14-1.18-.06-.1-.22-.16-.47-.28z" />
  </Glyph>
);

export const MapPinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.4" />
  </Icon>
);

export const FacebookIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M13.5 21.5v-8h2.7l.4-3.2h-3.1V8.3c0-.9.3-1.5 1.6-1.5h1.7V4a22 22 0 0 0-2.5-.1c-2.5 0-4.2 1.5-4.2 4.3v2.1H7.4v3.2h2.7v8h3.4z" />
  </Glyph>
);

export const XIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.19L2 3h6.33l4.37 5.77L17.75 3zm-1.08 16.17h1.7L7.4 4.73H5.58l11.09 14.44z" />
  </Glyph>
);

export const InstagramIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r=".9" fill="currentColor" stroke="none" />
  </Icon>
);

export const LinkedInIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M5.3 3.5a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8zM3.7 9h3.2v11.5H3.7V9zm5.3 0h3.1v1.6h.04c.43-.82 1.49-1.68 3.07-1.68 3.28 0 3.89 2.16 3.89 4.97v6.61h-3.2v-5.86c0-1.4-.03-3.2-1.95-3.2-1.95 0-2.25 1.52-2.25 3.1v5.96H9V9z" />
  </Glyph>
);

export const ShieldIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l7.5 3v5.5c0 4.6-3.1 8.3-7.5 9.5-4.4-1.2-7.5-4.9-7.5-9.5V6L12 3z" />
    <path d="M9 12l2.2 2.2L15.5 10" />
  </Icon>
);

export const HomeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 11L12 4l8.5 7" />
    <path d="M5.5 9.5V20h13V9.5" />
    <path d="M10 20v-5.5h4V20" />
  </Icon>
);

export const LeafIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 19c0-8 5-13.5 15-14-.4 9.6-5.8 14.5-13 14.5" />
    <path d="M5 19c2.5-4 5.5-7 9-9" />
  </Icon>
);

export const SparkleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M11 3.5c.6 4.2 2.3 5.9 6.5 6.5-4.2.6-5.9 2.3-6.5 6.5-.6-4.2-2.3-5.9-6.5-6.5 4.2-.6 5.9-2.3 6.5-6.5z" />
    <path d="M18.5 15.5c.25 1.6.9 2.25 2.5 2.5-1.6.25-2.25.9-2.5 2.5-.25-1.6-.9-2.25-2.5-2.5 1.6-.25 2.25-.9 2.5-2.5z" />
  </Icon>
);

export const RoadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8.5 3.5L4 20.5M15.5 3.5l4.5 17" />
    <path d="M12 4v2.5M12 10.5v3M12 17.5v3" />
  </Icon>
);

export const BoltIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M13 2.5L5 13.5h6l-1 8 8-11h-6l1-8z" />
  </Icon>
);

export const DropletIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5s-6 6.6-6 11a6 6 0 0 0 12 0c0-4.4-6-11-6-11z" />
    <path d="M9 15a3 3 0 0 0 3 3" />
  </Icon>
);

export const TreeIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="9.5" r="6" />
    <path d="M12 21v-8M12 15.5l-2.5-2M12 14l2-1.5M8 21h8" />
  </Icon>
);

export const CameraIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 6.5l13 3.5-1.6 5.4-13-3.5 1.6-5.4z" />
    <path d="M16.5 10l3-1v5l-3.4-.5" />
    <path d="M8.5 13.8l-1.3 4.7H3.5M3.5 16v5" />
  </Icon>
);

export const WavesIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 8c1.5-1.3 3-1.3 4.5 0s3 1.3 4.5 0 3-1.3 4.5 0 3 1.3 4.5 0" />
    <path d="M3 13c1.5-1.3 3-1.3 4.5 0s3 1.3 4.5 0 3-1.3 4.5 0 3 1.3 4.5 0" />
    <path d="M3 18c1.5-1.3 3-1.3 4.5 0s3 1.3 4.5 0 3-1.3 4.5 0 3 1.3 4.5 0" />
  </Icon>
);

/** Drainage: a grated drain channel with water flow. */
export const DrainIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="4" width="17" height="9" rx="1.5" />
    <path d="M7.5 4v9M12 4v9M16.5 4v9" />
    <path d="M4 17.5c1.4-1 2.8-1 4.2 0s2.8 1 4.2 0 2.8-1 4.2 0 2.3.9 3.4.3" />
  </Icon>
);

export const PlaneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10.5 13.5L4 11.2l1.4-1.4 7 .8 3.9-3.9a1.9 1.9 0 0 1 2.7 2.7l-3.9 3.9.8 7-1.4 1.4-2.3-6.5-3 3 .3 2.3-1.1 1.1-1.5-3.2-3.2-1.5 1.1-1.1 2.3.3 3-3z" />
  </Icon>
);

export const StoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 9.5L5.5 4h13L20 9.5" />
    <path d="M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0" />
    <path d="M5.5 12v8.5h13V12" />
    <path d="M10 20.5v-5h4v5" />
  </Icon>
);

export const TrainIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5.5" y="3" width="13" height="14" rx="3" />
    <path d="M5.5 10.5h13M9.5 3v7.5M14.5 3v7.5" />
    <path d="M9 14h.01M15 14h.01" strokeWidth={2} />
    <path d="M8.5 17L6 21M15.5 17l2.5 4M7.3 19h9.4" />
  </Icon>
);

export const GraduationCapIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4.5L2.5 9 12 13.5 21.5 9 12 4.5z" />
    <path d="M6.5 11v4.5c0 1.4 2.5 3 5.5 3s5.5-1.6 5.5-3V11" />
    <path d="M21.5 9v5.5" />
  </Icon>
);

export const BusIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4.5" y="3" width="15" height="15" rx="2.5" />
    <path d="M4.5 12h15M4.5 7h15" />
    <path d="M8 15h.01M16 15h.01" strokeWidth={2} />
    <path d="M7 18v2.5M17 18v2.5" />
  </Icon>
);

export const ShoppingBagIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 7.5h14l-1 13H6l-1-13z" />
    <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
  </Icon>
);

export const BuildingIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 20.5V5l8-2v17.5M12.5 8.5l7 2v10M3 20.5h18" />
    <path d="M7.5 8h2M7.5 11.5h2M7.5 15h2M15.5 13.5h1.5M15.5 17h1.5" />
  </Icon>
);

export const UsersIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="3.2" />
    <path d="M3 19.5c.6-3.3 3-5.2 6-5.2s5.4 1.9 6 5.2" />
    <path d="M15.5 4.9a3.2 3.2 0 0 1 0 6.2M17.5 14.6c1.9.6 3.2 2.3 3.5 4.9" />
  </Icon>
);

export const HeartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />
  </Icon>
);

export const TrendingUpIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 17l6-6 4 4 7-7.5" />
    <path d="M15 7.5h5.5V13" />
  </Icon>
);

export const BriefcaseIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7" />
    <path d="M3 12.5h18M10.5 12.5v1.5h3v-1.5" />
  </Icon>
);

export const CpuIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6" y="6" width="12" height="12" rx="1.5" />
    <rect x="9.5" y="9.5" width="5" height="5" rx=".5" />
    <path d="M9.5 3v3M14.5 3v3M9.5 18v3M14.5 18v3M3 9.5h3M3 14.5h3M18 9.5h3M18 14.5h3" />
  </Icon>
);

export const CalendarIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
    <path d="M8 14h.01M12 14h.01M16 14h.01M8 17h.01M12 17h.01" strokeWidth={2} />
  </Icon>
);

/** A phone held upright (a signed-in device on Your account). */
export const SmartphoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="7" y="2.5" width="10" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </Icon>
);

/** An open laptop (a signed-in computer on Your account). */
export const LaptopIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5" y="5" width="14" height="10" rx="1.5" />
    <path d="M3 18.5h18" />
  </Icon>
);

/** A bell (push alerts on Your account). */
export const BellIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Icon>
);

export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

/** A page with a folded corner and lines of text: a title document, a receipt, a deed. */
export const DocumentIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 3.5H7A1.5 1.5 0 0 0 5.5 5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8z" />
    <path d="M14 3.5V8h4.5M8.5 12.5h7M8.5 16h5" />
  </Icon>
);

/** Banknote with a naira sign. */
export const MoneyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <path d="M10 15V9l4 6V9M8.8 11.2h6.4M8.8 12.8h6.4" />
    <path d="M5.5 9v.01M18.5 15v.01" strokeWidth={2} />
  </Icon>
);

/** Ring with a brighter arc: spin it with `animate-spin`. */
export const SpinnerIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" opacity={0.25} />
    <path d="M20.5 12A8.5 8.5 0 0 0 12 3.5" />
  </Icon>
);

/** Hourglass: "coming soon". */
export const ComingSoonIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3.5h12M6 20.5h12" />
    <path d="M7.5 3.5c0 4 4.5 5.5 4.5 8.5s-4.5 4.5-4.5 8.5M16.5 3.5c0 4-4.5 5.5-4.5 8.5s4.5 4.5 4.5 8.5" />
    <path d="M9.5 18.5c.8-1.4 1.7-2 2.5-2s1.7.6 2.5 2z" fill="currentColor" stroke="none" />
  </Icon>
);

export const FingerprintIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 11v3.5a8 8 0 0 1-1.6 4.8" />
    <path d="M8.5 10.5a3.5 3.5 0 0 1 7 0v2c0 2.6-.6 5-1.8 7" />
    <path d="M5.2 15.5A9 9 0 0 1 5 13.5v-3a7 7 0 0 1 12.6-4.2" />
    <path d="M19 10.5v2a14 14 0 0 1-.6 4.2" />
    <path d="M7.4 19.2A9.6 9.6 0 0 0 8.5 15" />
  </Icon>
);

export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Icon>
);
