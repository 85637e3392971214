import 'server-only';
import { siteCounter } from '@/lib/http/rate-limit.server';

/**
 * Backups taken by hand ("take a backup now") per hour, by all owners and instances together, so nobody fills the
 * disk (docs/decisions/0385-backups-and-secrets-round-3.md); the nightly backup is not counted.
 */
export const BACKUPS_BY_HAND_PER_HOUR = 3;
export const backupsByHand = siteCounter('backup-now', { count: BACKUPS_BY_HAND_PER_HOUR, windowSeconds: 3600 });
