// The event stream's schemas load with the stream in the app (EventStreamStore); the tests load
// them once up front, so that an event pushed in a test is handled within the test's `flush()`.
import { loadEventDecoders } from "../src/stores/EventStreamStore";

await loadEventDecoders();
