// The operator console: who may open it. Screens are in ./pages.ts.
export { isOperator } from './role.ts';
