/** Reporting bad data on standard error: the exit status is then 1. */
import { UlidError } from "../index.js";
import { message } from "./progress.js";

/** Prints an invalid-data error (a UlidError) on standard error and returns exit status 1; rethrows anything else. */
export function reportInvalid(error: unknown): 1 {
  if (!(error instanceof UlidError)) throw error;
  message(`${error.message}\n`);
  return 1;
}
