/** The build facts the CLI's outputs print; one module (server/src/meta.ts) serves the CLI and the server. */
export { RULES_URL, VERSION } from '../meta';
