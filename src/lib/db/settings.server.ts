import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { appSettings } from './schema';

/**
 * app_settings: what owners (and the first start) decide at run time, one row per name, shared by every instance.
 * Each module keeps its own names; this is the table's one home (eslint/project-map.mjs).
 */

/** Who changed a setting, as the audit trail names them. */
export interface SettingActor {
  email: string;
}

/** The stored value of a setting, or undefined when none was saved. */
export async function readSetting(db: Db, name: string): Promise<unknown> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, name));
  return row?.value;
}

/** Saves a setting (the last write wins). */
export async function writeSetting(db: Db, name: string, value: unknown, actor: SettingActor | null, now: Date): Promise<void> {
  const updatedBy = actor?.email ?? null;
  await db
    .insert(appSettings)
    .values({ name, value, updatedAt: now, updatedBy })
    .onConflictDoUpdate({ target: appSettings.name, set: { value, updatedAt: now, updatedBy } });
}

/** Saves a setting only if none was saved: true for the one caller (of any instance) that wrote it. */
export async function writeSettingOnce(db: Db, name: string, value: unknown, now: Date): Promise<boolean> {
  const rows = await db
    .insert(appSettings)
    .values({ name, value, updatedAt: now })
    .onConflictDoNothing()
    .returning({ name: appSettings.name });
  return rows.length === 1;
}

/** An on/off setting inside a larger statement (so the statement reads it in the same snapshot), `fallback` if unsaved. */
export function switchSql(name: string, fallback: boolean): SQL<boolean> {
  return sql<boolean>`coalesce((select ${appSettings.value} = 'true'::jsonb from ${appSettings} where ${appSettings.name} = ${name}), ${sql.raw(String(fallback))})`;
}
