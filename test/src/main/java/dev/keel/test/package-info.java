/**
 * The test kit for applications of the governed call: {@link dev.keel.test.KeelAssertions}, with the assertions on
 * a {@code GovernedAnswer} ({@link dev.keel.test.GovernedAnswerAssert}), on top of {@code dev.keel.test.core}'s
 * scripted backends, loopback model server and assertions on requests, audit records and provenance.
 *
 * <p>How a host tests its governed calls with the kit is described in {@code docs/testing.md}. Assertion objects are
 * not thread-safe and are meant for one test thread.
 */
package dev.keel.test;
