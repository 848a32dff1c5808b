/**
 * The committee service: {@code POST /api/chat} answered by a committee of models ({@code keel-committee}) as the
 * reasoning of the governed call of keel-spring-boot-starter (its policy and routing table shipped here, every role
 * an egress-filtered external backend: {@link dev.keel.examples.committee.CommitteeModels}), a bearer token on
 * every path but {@code GET /health} ({@code ServiceSecurity}), every body bounded
 * before it is read, a request id on every log line, every request stored as the call's one audit record; offline,
 * every model call answered from recorded replies ({@link
 * dev.keel.examples.committee.RecordedReplies}). {@link dev.keel.examples.committee.ChatService} is the one path of
 * a request, shared with {@code keel demo committee}. See {@code docs/committee.md}.
 */
package dev.keel.examples.committee;
