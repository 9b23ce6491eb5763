// `npm start`: build the web app if needed, then run the server (which migrates the database).
import { ensureWebBuild } from './web-build';

ensureWebBuild();
await import('../server/main');
