/**
 * A Spring Boot service with a governed chat on two paths, built by keel-spring-boot-starter from
 * {@code application.yml} (the policy, the routing table, the scripted model unless a provider is configured, the
 * SQLite audit store, observations through Spring Boot Actuator, the principal from Spring Security by
 * {@code keel.security.*}): {@code POST /chat} calls the starter's pipeline directly, and {@code POST /ai/chat} goes
 * through Spring AI's {@code ChatClient} with the starter's Keel advisor and a chat memory; each has its streamed twin
 * and the page offers both. See {@code docs/spring-boot.md}.
 */
package dev.keel.examples.springchat;
