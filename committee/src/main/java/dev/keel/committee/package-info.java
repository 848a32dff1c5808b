/**
 * A committee of models under governance (described in {@code docs/committee.md}).
 *
 * <ul>
 *   <li>The rules the code keeps, whatever the models say: {@link dev.keel.committee.CommitteeScore} (credibility,
 *       statuses, {@code c_final} and the ask-user action) and {@link dev.keel.committee.PertEstimate} (expected
 *       durations and totals), both exact on decimals and offered as {@code keel eval} operations;
 *       {@link dev.keel.committee.ReplyInvariants}, the public checker of a reply's invariants.</li>
 *   <li>The orchestration: {@link dev.keel.committee.Committee} runs the master's plan, the agents, the scorer and
 *       the master's synthesis over {@link dev.keel.core.spi.LlmBackend}s, under a USD cap estimated before each call
 *       on what its backend sends ({@link dev.keel.core.spi.Pricing}), and writes the audit appendix.</li>
 *   <li>The wire forms: {@link dev.keel.committee.CommitteeRequest} and
 *       {@link dev.keel.committee.CommitteeResponse}, with the configuration the committee reads from
 *       {@code llm.config.json} ({@link dev.keel.committee.CommitteeConfig}).</li>
 * </ul>
 *
 * <p>Values are immutable and thread-safe; builders are not. Everything but the committee's run is pure; the run
 * does I/O only through the backends it is given.
 */
package dev.keel.committee;
