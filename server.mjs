// The production server (`npm start`, `node server.mjs`): everything it does in front of Next.js, and what that
// relies on, is in serving/ (serving/README.md).
import './serving/server.mjs';
