/**
 * Northwind's operations assistant: an application of the governed call whose tools are served by MCP servers the
 * example starts itself, inside and outside the company. Every tool call passes the policy's tool gate, a result
 * lowers the decision when its domain requires it, and the discovery plan and evidence gate decide what the answer
 * may claim. Offline, the model is a replay of recorded replies, and the answer's provenance says so. Described in
 * {@code docs/tools.md} ("Example").
 */
package dev.keel.examples.tools;
