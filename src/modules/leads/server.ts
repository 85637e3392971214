// The leads module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { historyOfLeads, notesOfLeads, recordActivity } from './activity.repository.server';
export {
  alertEveryoneEnabled,
  assignableStaff,
  autoAssignEnabled,
  leadAlertRecipients,
  mayClaim,
  staffLabelSql,
  takesNewLeads,
} from './assignment.server';
export { readInspectionLink, signInspectionLink } from './booking-links.server';
export {
  MESSAGE_SENT,
  firstReplyFailedLate,
  isStartMessage,
  isStopMessage,
  mayMessage,
  optIn,
  optOut,
  optOutOf,
  phoneChannelOn,
  recordAgentMessage,
  replyWindow,
  sendAtMostOnce,
  sendToPhone,
} from './conversations/conversations.server';
export {
  conversationCounts,
  conversationOfLead,
  conversationsOfLeads,
  latestLeadWithPhone,
  markNumberVerified,
  recordReceived,
  recordSent,
  recordStatus,
  type ConversationMessage,
} from './conversations/messages.repository.server';
export { INTEREST_FORM, leadCreated, leadReplayed, leadReplayedPlainly } from './form/submission.server';
export { repeatOfTypedForm, takeVisitorLead } from './form/take-lead.server';
export { arrivalOf, countHeldSince, heldLeadsSummary, otherLeadHeldSince } from './held.repository.server';
export {
  OPEN_STATUSES,
  allLeads,
  countInboxLeads,
  distinctDistricts,
  exportSnapshot,
  getLeadDetail,
  inboxCounters,
  listLeadPage,
  myOpenLeads,
} from './inbox.repository.server';
export { firstReplyOn, listForLead, wakeLeadSenders, type LeadNotification } from './notifications.server';
export { handOverCheckJob } from './notifications/hand-over.server';
export { resendHandler } from './notifications/handlers.server';
export { overdueCheckJob } from './notifications/overdue.server';
export { startNotificationWorkers } from './notifications/workers.server';
export { leadErasedMessage } from './notifications/delivery.server';
export { takeChatLead, type FloodAlert } from './operations.server';
export { clearLeadFingerprints, leadsPastRetention } from './retention.server';
export { agentsSeeEveryLead, leadScope, leadsInScope, mayChangeSql, setAgentsSeeEveryLeadAgain, type LeadScope } from './scope.server';
export { claimLeadHandler } from './staff/claim-handler.server';
export {
  addNoteHandler,
  assignLeadHandler,
  assignmentHandler,
  getLeadHandler,
  leadAccessHandler,
  listLeadsHandler,
  patchLeadHandler,
  statsHandler,
} from './staff/handlers.server';
export { discardHeldHandler, releaseHeldHandler } from './staff/held-handlers.server';
export { leadLocalTime } from './staff/local-time.server';
export { countLeadsByKind, eraseLeadRows, lockPipeline, setStatus, type NewChatLead } from './submissions.repository.server';
