import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DISTRICTS } from '@/content/districts';
import type { LeadFieldDefinition } from '@/modules/leads/form/fields';

/*
 * The popup, the /interest page and the booking page's form for a visitor render the lead's fields from one definition
 * (src/modules/leads/form/fields.ts): each shows exactly its fields, in its order, with its names, labels, types,
 * autocomplete, hints and choices, and a field added to the definition shows in every one of them.
 */

const DISTRICT_CHOICES = DISTRICTS.map((d) => d.choice);
const district = DISTRICTS[1];

/** An attribute whatever the case React wrote it in (`autoComplete`): HTML's names are case-insensitive. */
const attribute = (element: Element, name: string) =>
  [...element.attributes].find((a) => a.name.toLowerCase() === name)?.value ?? undefined;

/** What a visitor (and a screen reader, and a browser's autofill) gets of each lead control of the markup. */
function fieldsOf(html: string) {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const lead = new Set(['website', 'utm_source']);
  return [...document.querySelectorAll('input, select')]
    .filter((control) => !lead.has(control.getAttribute('name')!))
    .map((control) => {
      const id = control.getAttribute('id');
      const described = control.getAttribute('aria-describedby');
      return {
        name: control.getAttribute('name'),
        type: control.tagName === 'SELECT' ? 'select' : control.getAttribute('type'),
        label: id ? document.querySelector(`label[for="${id}"]`)?.textContent : undefined,
        autoComplete: attribute(control, 'autocomplete'),
        inputMode: attribute(control, 'inputmode'),
        placeholder: control.getAttribute('placeholder') ?? undefined,
        hint: described ? document.getElementById(described)?.textContent : undefined,
        required: control.hasAttribute('required'),
        options: control.tagName === 'SELECT' ? [...control.querySelectorAll('option')].map((o) => o.textContent) : undefined,
      };
    });
}

/** The same, as the definition says it should be; `given` fields are the page's own (hidden). toEqual takes an
 * undefined property for a missing one. */
function expected(fields: readonly LeadFieldDefinition[], districts: readonly string[], given: readonly string[] = []) {
  return fields.map((field) =>
    given.includes(field.name)
      ? { name: field.name, type: 'hidden', required: false }
      : {
          name: field.name,
          type: field.type,
          label: field.label,
          autoComplete: field.autoComplete,
          inputMode: field.inputMode,
          placeholder: field.placeholder,
          hint: field.hint,
          required: field.required,
          options: field.options === 'titles' ? ['Mr', 'Mrs', 'Miss'] : field.options === 'districts' ? districts : undefined,
        },
  );
}

/** The three forms that collect a lead, from modules loaded afresh (after a mock of the definition, if any). */
async function renderForms() {
  vi.resetModules();
  const { InterestForm } = await import('@/modules/leads/ui');
  const { VisitorFields } = await import('./BookingPage');
  const { leadFieldValues } = await import('@/modules/leads');
  const fields = leadFieldValues({}, DISTRICT_CHOICES);
  return {
    popup: renderToStaticMarkup(
      <InterestForm fields={fields} districts={DISTRICT_CHOICES} onChange={() => {}} onSubmit={async () => {}} />,
    ),
    interestPage: renderToStaticMarkup(<InterestForm fields={fields} districts={DISTRICT_CHOICES} className="" />),
    booking: renderToStaticMarkup(<VisitorFields district={district} typed={{}} attribution={{ utm_source: 'radio' }} />),
  };
}

describe('the forms that collect a lead', () => {
  it('render exactly the fields of the one definition, in its order', async () => {
    const { LEAD_FIELDS } = await import('@/modules/leads/form/fields');
    const forms = await renderForms();
    expect(fieldsOf(forms.popup)).toEqual(expected(LEAD_FIELDS, DISTRICT_CHOICES));
    expect(fieldsOf(forms.interestPage)).toEqual(expected(LEAD_FIELDS, DISTRICT_CHOICES));
    // The booking page's district is its own: sent, not asked.
    expect(fieldsOf(forms.booking)).toEqual(expected(LEAD_FIELDS, [district.choice], ['district']));
    expect(forms.booking).toContain(`name="district" value="${district.choice}"`);
    // Every form carries the honeypot, hidden from people and assistive technology.
    for (const html of Object.values(forms)) expect(html).toMatch(/aria-hidden="true"><label for="[^"]+-website">/);
  });

  describe('with a field added to the definition', () => {
    const town: LeadFieldDefinition = {
      name: 'town',
      label: 'Town you live in',
      type: 'text',
      autoComplete: 'address-level2',
      placeholder: 'e.g. Ikeja',
      required: false,
      width: 'half',
      errors: [],
    };
    afterAll(() => {
      vi.doUnmock('@/modules/leads/form/fields');
      vi.resetModules();
    });

    it('shows it in every form, where the definition puts it', async () => {
      vi.doMock('@/modules/leads/form/fields', async (importOriginal) => {
        const real = await importOriginal<typeof import('@/modules/leads/form/fields')>();
        const LEAD_FIELDS = [...real.LEAD_FIELDS.slice(0, 2), town, ...real.LEAD_FIELDS.slice(2)];
        return { ...real, LEAD_FIELDS, INTEREST_VISIBLE_FIELDS: LEAD_FIELDS.map((f) => f.name) };
      });
      const { LEAD_FIELDS } = await import('@/modules/leads/form/fields');
      expect(LEAD_FIELDS.map((f) => f.name)).toEqual(['title', 'fullname', 'town', 'email', 'phonenumber', 'district']);
      const forms = await renderForms();
      expect(fieldsOf(forms.popup)).toEqual(expected(LEAD_FIELDS, DISTRICT_CHOICES));
      expect(fieldsOf(forms.interestPage)).toEqual(expected(LEAD_FIELDS, DISTRICT_CHOICES));
      expect(fieldsOf(forms.booking)).toEqual(expected(LEAD_FIELDS, [district.choice], ['district']));
    });
  });
});
