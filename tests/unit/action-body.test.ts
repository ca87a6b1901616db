import { describe, expect, it } from "vitest";
import { actionBodyProblem } from "../../lib/actions/action-body";

const text = "text/plain;charset=UTF-8";

describe("server action request bodies", () => {
  it("lets the site's own JSON arguments through", () => {
    expect(actionBodyProblem(text, '[{"vendorId":null}]')).toBeNull();
    expect(actionBodyProblem(text, '[{"leadId":1,"name":"$$dollar","website":"$undefined"}]')).toBeNull();
  });

  it.each([
    ["garbage{", 400], ["", 400], ["null", 400], ['{"a":1}', 400], ["[1,2,3,4,5]", 400],
    ['["$K1"]', 400], ['[{"name":"$@0"}]', 400], ['[{"__proto__":{"admin":true}}]', 400], ['[{"constructor":1}]', 400],
    [`["${"x".repeat(9000)}"]`, 413],
  ])("refuses %j with %i", (body, status) => {
    expect(actionBodyProblem(text, body)?.status).toBe(status);
  });

  it("refuses other formats", () => {
    expect(actionBodyProblem("multipart/form-data; boundary=x", "--x--")?.status).toBe(415);
    expect(actionBodyProblem(null, "[]")?.status).toBe(415);
  });
});
