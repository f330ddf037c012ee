// Which events settle `handle.result`. The result is the terminal event itself, as a value: its name as
// `status` and its payload spread beside it (the loader builds it inline: a helper function here would
// survive minification as an extra call wrapper, and pay.js pays for every byte).
//
// payment-success, payment-failed and close settle it; for the buy widget order-completed and order-failed.
// Written short for pay.js: "-s", "-f" and "-co" are those four among every event name (order-created is
// "-cr", payment-detected "-d", payment-authorized "-a"), "^cl" is close; result.test.ts holds it to
// core/protocol.ts's whole list of events. `error` does not: a connected checkout's error
// (a rates failure, say) leaves the buyer able to retry; the SDK's own connection failures (timeout,
// blocked) settle the result themselves, as { status: 'error' }.
export const SETTLING_EVENT = /-(s|f|co)|^cl/;
