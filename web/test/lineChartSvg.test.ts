/**
 * The line graph's own chart scales (LineChartSvg): value ticks are round steps covering the
 * range, the value range widens to them (a flat line gets a band), and time ticks fall on round
 * local minutes or hours across the period, about as many as asked for.
 */
import { describe, expect, it } from "vitest";
import { niceTicks, niceTimeTicks, valueDomain } from "../src/features/pages/components/LineChartSvg";

describe("LineChartSvg scales", () => {
  it("ticks values on round steps and widens the range to them", () => {
    expect(niceTicks(0, 100)).toEqual([0, 50, 100]);
    expect(niceTicks(17.3, 24.9)).toEqual([18, 20, 22, 24]);
    expect(niceTicks(5, 5)).toEqual([5]);
    expect(valueDomain([{ t: 0, v: 17.3 }, { t: 1, v: 24.9 }])).toEqual([16, 26]);
    expect(valueDomain([{ t: 0, v: 3 }, { t: 1, v: 3 }])).toEqual([2, 4]);
  });

  it("ticks time on round local instants across the period, its end left out", () => {
    const from = new Date(2026, 10, 26, 0, 0, 0).getTime();
    const day = niceTimeTicks(from, from + 86_400_000, 6);
    expect(day.length).toBeGreaterThanOrEqual(4);
    expect(day.length).toBeLessThanOrEqual(7);
    for (const t of day) expect([new Date(t).getMinutes(), new Date(t).getSeconds()]).toEqual([0, 0]);
    expect(day[0]).toBe(from);
    expect(day.at(-1)!).toBeLessThan(from + 86_400_000);
    const minutes = niceTimeTicks(from + 7_000, from + 7_000 + 5 * 60_000, 5);
    expect(minutes.every((t) => new Date(t).getSeconds() === 0)).toBe(true);
    expect(niceTimeTicks(from, from, 5)).toEqual([]);
  });
});
