// The messaging module's server entry: what other modules and routes may call of it on the server.
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
