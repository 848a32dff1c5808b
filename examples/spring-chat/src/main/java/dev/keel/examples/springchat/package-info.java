/**
 * A Spring Boot service with one governed chat endpoint, {@code POST /chat}, built by keel-spring-boot-starter from
 * {@code application.yml}: the policy, the routing table, a scripted model (unless a provider is configured), the
 * SQLite audit store, observations through Spring Boot Actuator. See {@code docs/spring-boot.md}.
 */
package dev.keel.examples.springchat;
