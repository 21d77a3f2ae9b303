import { describe, expect, it } from "vitest";
import { ACCESS_DURATION_OPTIONS, CONNECTOR_MAX_ATTEMPTS, CONNECTOR_RETRY_INTERVAL_MS, ORDER_STEP } from "./constants";

describe("constants of spec section 9", () => {
  it("has the duration options in the spec's order with 30 minutes first", () => {
    expect(ACCESS_DURATION_OPTIONS.map((o) => `${o.value}${o.format[0]}`)).toEqual(
      ["30m", "60m", "90m", "2h", "3h", "4h", "5h", "6h", "7h", "8h"],
    );
  });
  it("retries the connector every 2,500 ms up to 1,440 times and orders in steps of 1000", () => {
    expect([CONNECTOR_RETRY_INTERVAL_MS, CONNECTOR_MAX_ATTEMPTS, ORDER_STEP]).toEqual([2500, 1440, 1000]);
  });
});
