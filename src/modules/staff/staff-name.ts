/**
 * A staff member as others read them: their display name, else the local part of their e-mail (before any name was
 * set). Its SQL twin is staffLabelSql (src/modules/leads/assignment.server.ts).
 */
export const staffDisplayName = (staff: { name: string; email: string }) => staff.name.trim() || staff.email.split('@')[0];
