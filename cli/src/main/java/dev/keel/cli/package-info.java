/**
 * The {@code keel} command line: {@code keel eval} (the JSON Lines conformance and policy-testing harness) and
 * the demos. Not a library API; commands are thread-confined.
 */
package dev.keel.cli;
