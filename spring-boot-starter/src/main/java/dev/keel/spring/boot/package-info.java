/**
 * Keel in a Spring Boot application: {@link dev.keel.spring.boot.KeelAutoConfiguration} builds the governed call
 * ({@link dev.keel.pipeline.Pipeline}) and its parts from {@code keel.*} properties
 * ({@link dev.keel.spring.boot.KeelProperties}): the policy, the routing table, the backends, the audit and session
 * stores, and the observations through the host's registry. Every bean backs off when the host defines its own.
 * Described in {@code docs/spring-boot.md}.
 *
 * <p>The beans are thread-safe singletons.
 */
package dev.keel.spring.boot;
