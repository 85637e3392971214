// The districts module's server entry: what other modules and routes may call of it on the server.
import 'server-only';

export { DistrictPage } from './page/DistrictPage';
