// The inspections module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { type SlotNetworksAlertJob } from './booking-limits.server';
export { bookAsVisitor } from './buyer/book-as-visitor.server';
export { bookByLinkHandler } from './buyer/book-by-link.server';
export { bookPageOfLink, bookingOfLink, slotsToBook } from './buyer/buyer-pages.server';
export { calendarFile } from './buyer/calendar-file.server';
export { cancelHandler } from './buyer/cancel.server';
export { moveHandler } from './buyer/move.server';
export { inspectionChangeCutoffHours } from './cutoff.server';
export { bookingsOfLead, listSchedule, slotById, withLatestInspections, type LeadInspection } from './inspections.repository.server';
export { BUYER_ACTOR_EMAIL } from './inspections.server';
export {
  BOOKING_SUBJECTS,
  eraseMessagesOfLeadBookings,
  eraseWalkIns,
  inspectionMessageBacklog,
  inspectionMessageCounts,
  messagesOfLeads,
  walkInsBefore,
  type InspectionMessageBacklog,
} from './messages.repository.server';
export { bookingSenders } from './messages/delivery.server';
export { inspectionSlotsJob, makeScheduledSlots } from './scheduled-slots.server';
export { answeredAsForm, formAnswer } from './staff/form-answer.server';
export {
  addScheduleHandler,
  addSlotHandler,
  attendanceHandler,
  callOffHandler,
  cancelBookingHandler,
  cutoffHandler,
  editScheduleHandler,
  scheduleActiveHandler,
  slotSeatsHandler,
  walkInHandler,
} from './staff/handlers.server';
export { inspectionsPage } from './staff/slots.server';
