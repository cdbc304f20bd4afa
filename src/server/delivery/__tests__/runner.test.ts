/**
 * @jest-environment node
 */
import { backOffMs } from "../runner";

test("back-off doubles from 30 s and stops at one hour", () => {
  expect([1, 2, 3, 8, 20].map(backOffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
});
