import { describe, expect, it } from 'vitest';
import { FIRST_REPLY_COPY, FOLLOW_UP_COPY, firstNameOf, phoneGreetingName } from './conversations';

/**
 * What a message to a buyer's phone may say of the name a form was filled in with (docs/decisions/0403): its first
 * word after a title, letters only and short; else no name at all.
 */
describe('the first name a phone message greets by', () => {
  it('is the first word after any title, as typed', () => {
    expect(firstNameOf('Mrs Adaeze Okafor')).toBe('Adaeze');
    expect(firstNameOf('Dr. Tunde Bakare')).toBe('Tunde');
    expect(firstNameOf('  Chief  Emeka ')).toBe('Emeka');
    expect(firstNameOf('Ngozi')).toBe('Ngozi');
    // A hyphen or an apostrophe between letters is part of the name; accents are letters.
    expect(firstNameOf('Ade-Bola Johnson')).toBe('Ade-Bola');
    expect(firstNameOf("D'Angelo Obi")).toBe("D'Angelo");
    expect(firstNameOf('Adéwálé Ojo')).toBe('Adéwálé');
    expect(firstNameOf('Ade\u200bbola Ojo')).toBe('Adebola');
  });

  it('is none when the first word carries digits, punctuation, a link or is long: the greeting has no name then', () => {
    expect(firstNameOf('Ade. Your plot payment failed, call 08031234567')).toBeUndefined();
    expect(firstNameOf('0803 Ade')).toBeUndefined();
    expect(firstNameOf('Ade1')).toBeUndefined();
    expect(firstNameOf('Ade,')).toBeUndefined();
    expect(firstNameOf('Ade--Bola')).toBeUndefined();
    expect(firstNameOf('-Ade')).toBeUndefined();
    expect(firstNameOf('Oluwadamilareoluwaseun Ade')).toBeUndefined();
    expect(firstNameOf('Mr')).toBeUndefined();
    expect(firstNameOf('')).toBeUndefined();
    expect(phoneGreetingName('URGENT: call 0803')).toBe('there');
  });

  it('is all of a visitor’s words the first reply and the follow-up carry', () => {
    const lead = { title: 'Mr', fullName: 'Ade Your plot payment failed call 08031234567', district: 'Lugbe, Abuja' };
    const parameters = FIRST_REPLY_COPY.parameters(lead, { agentName: 'Ada Eze', brand: 'Meridian', callFrom: '+234 700 111 2222' });
    expect(parameters[0]).toBe('Ade');
    expect(FIRST_REPLY_COPY.sms(parameters)).not.toMatch(/payment|0803/);
    expect(FOLLOW_UP_COPY.text(FOLLOW_UP_COPY.parameters(lead, { agentName: 'Ada Eze', brand: 'Meridian' }))).toMatch(
      /^Hello Ade, Ada Eze of Meridian/,
    );
  });
});
