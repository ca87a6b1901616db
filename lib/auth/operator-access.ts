import "server-only";
import { bearerMatches } from "./token";

/**
 * True when the request carries `Authorization: Bearer <OPERATOR_TOKEN>`.
 * Without OPERATOR_TOKEN set, operator access is off entirely.
 */
export const isOperatorRequest = (request: Request): boolean => bearerMatches(request, process.env.OPERATOR_TOKEN);
