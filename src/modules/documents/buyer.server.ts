import 'server-only';
import type { Db } from '@/lib/db/client';
import { fileStore, type FileStore } from '@/lib/files.server';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { documentsOfLeads, letterById, letterOfLeads } from './claims.repository.server';
import { letterPdf } from './letter-pdf.server';
import { fileRowOf } from './stages.repository.server';
import type { StageView } from './stages';
import { EXTENSION, type ScanType } from './upload';

/**
 * What the buyer's page shows of their documents, and their files (docs/decisions/0419-documents-and-checks.md). The
 * caller (the buyer's page and download route, wired to the buyer's session) gives the buyer's own lead ids: nothing
 * here reaches a claim of any other lead.
 */

export interface BuyerDocumentsView {
  claims: { claimId: string; plotLabel: string; districtName: string; stages: (StageView & { href?: string })[] }[];
}

/** The buyer's own path of a document (a file's or a letter's id): the download route the buyer's page wires. */
export const BUYER_DOCUMENT_PATH = '/account/documents';
export const buyerDocumentHref = (id: string) => `${BUYER_DOCUMENT_PATH}/${id}`;

export async function documentStagesOfLeads(db: Db, leadIds: string[], now = new Date()): Promise<BuyerDocumentsView> {
  const claims = await documentsOfLeads(db, leadIds, now);
  return {
    claims: claims.map((claim) => ({
      claimId: claim.claimId,
      plotLabel: claim.plotLabel,
      districtName: claim.districtName,
      stages: claim.stages.map((stage) => {
        const id = stage.letter?.id ?? stage.fileId;
        return { ...stage, href: id ? buyerDocumentHref(id) : undefined };
      }),
    })),
  };
}

export interface DocumentFile {
  bytes: Uint8Array;
  type: ScanType;
  /** A file name for Content-Disposition: the document's number or stage, never the buyer's name. */
  filename: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A document's bytes for the buyer whose lead ids are given: a file uploaded to a stage of one of their claims, or a
 * letter made for one; null for anything else (another buyer's, a made-up id), the same null either way.
 */
export async function buyerDocumentFile(
  db: Db,
  input: { leadIds: string[]; documentId: string },
  store: FileStore = fileStore(),
): Promise<DocumentFile | null> {
  if (!UUID.test(input.documentId) || !input.leadIds.length) return null;
  const letter = await letterOfLeads(db, input.leadIds, input.documentId);
  if (letter) return letterFile(letter);
  const file = await fileRowOf(db, input.documentId, input.leadIds);
  return file ? storedFile(store, file) : null;
}

/** The same for staff (any claim): the staff download route's. */
export async function staffDocumentFile(db: Db, documentId: string, store: FileStore = fileStore()): Promise<DocumentFile | null> {
  if (!UUID.test(documentId)) return null;
  const letter = await letterById(db, documentId);
  if (letter) return letterFile(letter);
  const file = await fileRowOf(db, documentId);
  return file ? storedFile(store, file) : null;
}

async function letterFile(letter: NonNullable<Awaited<ReturnType<typeof letterById>>>): Promise<DocumentFile> {
  const facts = getSiteFacts();
  const bytes = await letterPdf(letter, {
    brand: facts.brand,
    url: getSiteUrl(),
    address: `${facts.address.street}, ${facts.address.city}, ${facts.address.country}`,
  });
  return { bytes, type: 'application/pdf', filename: `${letter.number}.pdf` };
}

async function storedFile(
  store: FileStore,
  file: { storageKey: string; mediaType: string; stage: string; id: string },
): Promise<DocumentFile | null> {
  const bytes = await store.get(file.storageKey);
  if (!bytes) return null;
  const type = file.mediaType as ScanType;
  return { bytes, type, filename: `${file.stage}-${file.id.slice(0, 8)}.${EXTENSION[type]}` };
}

/** The HTTP answer of a document: private, never cached by anyone else, never sniffed or shown inline as HTML. */
export function documentResponse(file: DocumentFile): Response {
  return new Response(Buffer.from(file.bytes), {
    headers: {
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
