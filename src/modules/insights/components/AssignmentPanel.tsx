import Link from 'next/link';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import type { TeamMember } from '@/modules/insights/dashboard.repository.server';
import { AssignmentSwitch, LeadAccessSwitch, TakesNewLeadsButton } from '@/modules/leads/ui';

const copy = ASSIGNMENT_COPY.panel;

/**
 * Owners: the round-robin switch, alerts, which leads agents see and, per agent, their open and overdue leads and
 * whether they take new ones.
 */
export function AssignmentPanel({
  autoAssign,
  alertEveryone,
  agentsSeeEveryLead,
  claimMinutes,
  team,
}: {
  autoAssign: boolean;
  alertEveryone: boolean;
  agentsSeeEveryLead: boolean;
  claimMinutes: number;
  team: TeamMember[];
}) {
  return (
    <section
      aria-labelledby="assignment"
      className="rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-7"
      data-testid="assignment-panel"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-prose">
          <h2 id="assignment" className="text-xl sm:text-2xl">
            {copy.title}
          </h2>
          <p className="mt-1.5 text-sm text-ink-soft">{copy.intro}</p>
          <p className="mt-3 text-sm font-semibold text-forest-900" data-testid="auto-assign-state">
            {autoAssign ? copy.autoOn : copy.autoOff}
          </p>
          {autoAssign ? <p className="mt-1 text-sm text-ink-soft">{copy.claimRule(claimMinutes)}</p> : null}
        </div>
        <AssignmentSwitch name="autoAssign" on={autoAssign} turnOn={copy.turnOn} turnOff={copy.turnOff} />
      </div>
      <div className="mt-5 flex flex-wrap items-start justify-between gap-4 border-t border-forest-900/10 pt-5">
        <div className="max-w-prose">
          <p className="text-sm font-semibold text-forest-900" data-testid="alert-everyone-state">
            {alertEveryone ? copy.alertsEveryone : copy.alertsTheirs}
          </p>
          <p className="mt-1 text-sm text-ink-soft">{copy.alertsIntro}</p>
        </div>
        <AssignmentSwitch name="alertEveryone" on={alertEveryone} turnOn={copy.alertEveryoneOn} turnOff={copy.alertEveryoneOff} />
      </div>
      <div className="mt-5 flex flex-wrap items-start justify-between gap-4 border-t border-forest-900/10 pt-5">
        <div className="max-w-prose">
          <h3 className="text-sm font-semibold text-forest-900">{ASSIGNMENT_COPY.access.heading}</h3>
          <p className="mt-1 text-sm font-semibold text-forest-900" data-testid="lead-access-state">
            {agentsSeeEveryLead ? ASSIGNMENT_COPY.access.every : ASSIGNMENT_COPY.access.own}
          </p>
          <p className="mt-1 text-sm text-ink-soft">{ASSIGNMENT_COPY.access.intro}</p>
        </div>
        <LeadAccessSwitch every={agentsSeeEveryLead} />
      </div>
      {team.length === 0 ? (
        <p className="mt-5 text-sm text-ink-soft">{copy.noAgents}</p>
      ) : (
        <ul className="mt-6 divide-y divide-forest-900/10 border-t border-forest-900/10" aria-label={copy.caption}>
          {team.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 py-4" data-testid="team-member">
              <div className="min-w-40 flex-1">
                <p className="font-medium wrap-anywhere text-forest-900">{member.label}</p>
                <p className="mt-0.5 text-sm text-ink-soft">
                  {copy.takes}: {member.takesNewLeads ? copy.yes : copy.no}
                </p>
              </div>
              {/* Figures and the switch share one row, also on a phone. */}
              <div className="flex w-full items-center justify-between gap-4 sm:w-auto sm:gap-6">
                <dl className="flex gap-5 whitespace-nowrap text-xs sm:text-sm">
                  <div>
                    <dt className="text-ink-soft">{copy.open}</dt>
                    <dd className="font-display text-xl text-forest-900 sm:text-2xl">
                      <Link href={`/admin?assignee=${member.id}`} className="underline-offset-4 hover:underline">
                        {member.open}
                      </Link>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-ink-soft">{copy.overdue}</dt>
                    <dd className="font-display text-xl text-forest-900 sm:text-2xl">{member.overdue}</dd>
                  </div>
                </dl>
                {member.role === 'agent' ? (
                  <TakesNewLeadsButton staffId={member.id} takes={member.takesNewLeads} name={member.label} />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
