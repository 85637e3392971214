import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';

/**
 * The lead tests/e2e/dashboard.spec.ts gives to an agent and waits to see turn overdue (one minute on the e2e server),
 * one per project, sent by global-setup.ts when the run begins: by the time the test looks for it, most of that
 * minute has gone by.
 */
export interface DashboardSeed {
  /** This run's campaign (utm_source) for the project. */
  run: string;
  district: string;
  assignedName: string;
  assignedId: string;
}

const seedPath = () => join(process.env.E2E_DATA_DIR!, 'dashboard-seed.json');

export async function sendDashboardSeeds(request: APIRequestContext, projects: string[]): Promise<void> {
  const seeds: Record<string, DashboardSeed> = {};
  for (const project of projects) {
    const run = `e2e${Date.now().toString(36).slice(-6)}${project.slice(0, 1)}`;
    const district = project === 'phone' ? 'Moniya, Ibadan' : 'Lugbe, Abuja';
    const assignedName = `Dash Assigned ${run}`;
    const res = await request.post('/api/interest', {
      data: {
        title: 'Mrs',
        fullname: assignedName,
        email: `dashboard-${run}@e2e.example.com`,
        phonenumber: '0803 555 0199',
        district,
        utm_source: run,
        utm_medium: 'cpc',
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    if (res.status() !== 201) throw new Error(`the dashboard's seed lead was answered ${res.status()}`);
    seeds[project] = { run, district, assignedName, assignedId: (await res.json()).id };
  }
  writeFileSync(seedPath(), JSON.stringify(seeds));
}

export const dashboardSeed = (project: string): DashboardSeed => JSON.parse(readFileSync(seedPath(), 'utf8'))[project];
