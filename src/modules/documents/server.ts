// The documents module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export {
  deliverDocumentAlert,
  documentLettersJob,
  lateDocumentsJob,
  queueLateDocumentsAlert,
  type DocumentAlertJob,
} from './alerts.server';
export {
  BUYER_DOCUMENT_PATH,
  buyerDocumentFile,
  buyerDocumentHref,
  documentResponse,
  documentStagesOfLeads,
  type BuyerDocumentsView,
  type DocumentFile,
} from './buyer.server';
export { issueDueLetters } from './claims.repository.server';
export { lettersAgain, type LettersMadeAgain } from './letters-again.server';
export { checkPageOf, type CheckPageView, type GenuineDocument } from './check.server';
export { documentsPage, stageChangeHandler, staffFileHandler, uploadHandler, DOCUMENTS_PATH, type DocumentsPage } from './staff.server';
export { documentRecordsOfClaims, forgetDocumentsOfErasedBuyersBefore, type DocumentRecords } from './privacy.repository.server';
