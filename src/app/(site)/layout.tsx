import { SiteChrome } from '@/modules/site/SiteChrome';

export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return <SiteChrome>{children}</SiteChrome>;
}
