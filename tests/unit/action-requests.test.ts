import { describe, expect, it } from "vitest";
import { actionBodyProblem } from "../../lib/actions/action-body";
import { forwardedAddress } from "../../lib/actions/forwarded-address";

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

describe("the client address for the abuse limits", () => {
  it("takes the entry the nearest trusted proxy appended, not what the client sent", () => {
    expect(forwardedAddress("6.6.6.6, 203.0.113.9", null)).toBe("203.0.113.9");
    expect(forwardedAddress("6.6.6.6, 203.0.113.9, 10.0.0.2", null, 2)).toBe("203.0.113.9");
    expect(forwardedAddress("203.0.113.9", null)).toBe("203.0.113.9");
    expect(forwardedAddress(null, "198.51.100.4")).toBe("198.51.100.4");
    expect(forwardedAddress("", null)).toBe("unknown");
  });
});
