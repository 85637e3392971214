import type { Metadata } from 'next';
import { LegalArticle } from '@/components/LegalArticle';
import { PRIVACY } from '@/content/legal';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({ title: PRIVACY.title, description: PRIVACY.description, path: PRIVACY.path });

export default function Page() {
  return <LegalArticle page={PRIVACY} />;
}
