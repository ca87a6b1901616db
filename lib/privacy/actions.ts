"use server";
import { z } from "zod";
import { operatorAction } from "../auth/audiences";
import { consoleCatalog } from "../messages/console";
import { formField } from "../platform/action";
import { erasePerson } from "./erasure";

/** Erases everything held for a person found by phone number or email address (the console's privacy page). */
export const erasePersonAction = operatorAction(consoleCatalog, {
  input: z.object({ phone: formField.text(40, "person-query"), email: formField.text(320, "person-query") }),
  invalid: "person-query",
  home: "/operator/privacy",
  call: (person, operator) => erasePerson(person.phone, person.email, operator),
  back: () => ({ page: "/operator/privacy", notice: "erased" }),
});
