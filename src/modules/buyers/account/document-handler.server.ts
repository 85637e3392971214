import 'server-only';
import { ACCOUNT_ERRORS, ACCOUNT_PATHS } from '@/content/buyers';
import { getDatabase } from '@/lib/db/client';
import { FileStoreUnavailableError } from '@/lib/files.server';
import { errorResponse, unavailableResponse } from '@/lib/http/response.server';
import { buyerDocumentFile, documentResponse } from '@/modules/documents/server';
import { buyerSessionOf, buyerTokenOf } from '../sign-in/sessions.server';
import { leadsOfBuyer } from './account.server';

/**
 * /account/documents/<id>: a letter or signed scan of the signed-in buyer's own plots (docs/decisions/0418, 0419).
 * Without a session the browser goes to the sign-in page; another buyer's document, or none, is a plain 404, the same
 * answer, so an id says nothing about whose it is.
 */
export async function buyerDocumentHandler(request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { db } = await getDatabase();
  const session = await buyerSessionOf(db, buyerTokenOf(request), new Date());
  if (!session) return new Response(null, { status: 303, headers: { location: ACCOUNT_PATHS.signIn } });
  const leadIds = (await leadsOfBuyer(db, session.contacts)).map((lead) => lead.id);
  const documentId = (await ctx.params).id;
  try {
    const file = await buyerDocumentFile(db, { leadIds, documentId });
    return file ? documentResponse(file) : errorResponse(404, ACCOUNT_ERRORS.documentNotFound);
  } catch (error) {
    // The file bucket down (docs/decisions/0424-files-in-a-bucket.md): the buyer is asked to try again, not shown a crash.
    if (!(error instanceof FileStoreUnavailableError)) throw error;
    console.error(`[account] a document: ${error.message}`);
    return unavailableResponse(ACCOUNT_ERRORS.documentUnavailable);
  }
}
