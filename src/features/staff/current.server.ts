import 'server-only';
import { cache } from 'react';
import { requireStaffPage } from './page-guard.server';

/** The signed-in staff member of this request, checked once per render (layout and page share it). */
export const currentStaff = cache(() => requireStaffPage());
