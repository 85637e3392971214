// The messaging module's server entry: what other modules, routes and commands may call of it on the server (nothing of React or Next.js's page runtime).
import 'server-only';

export { BUYER_CAP_REACHED, buyerMessageAllowed } from './channels/buyer-cap.server';
export { parseTermiiEvent, sendSms, smsConfigured, verifyTermiiSignature } from './channels/termii.server';
export {
  parseWhatsAppWebhook,
  sendWhatsAppTemplate,
  sendWhatsAppText,
  verifyWhatsAppSignature,
  whatsAppConfigured,
  whatsAppHandshake,
} from './channels/whatsapp-cloud.server';
