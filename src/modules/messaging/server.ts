// The messaging module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { parseTermiiEvent, sendSms, smsConfigured, verifyTermiiSignature } from './channels/termii.server';
export {
  parseWhatsAppWebhook,
  sendWhatsAppTemplate,
  sendWhatsAppText,
  verifyWhatsAppSignature,
  whatsAppConfigured,
  whatsAppHandshake,
} from './channels/whatsapp-cloud.server';
