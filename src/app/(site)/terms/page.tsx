import type { Metadata } from 'next';
import { LegalArticle } from '@/components/LegalArticle';
import { TERMS } from '@/content/legal';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({ title: TERMS.title, description: TERMS.description, path: TERMS.path });

export default function Page() {
  return <LegalArticle page={TERMS} />;
}
