/**
 * Keel in a Spring Boot application: {@link dev.keel.spring.boot.KeelAutoConfiguration} builds the governed call
 * ({@link dev.keel.pipeline.Pipeline}) and its parts from {@code keel.*} properties
 * ({@link dev.keel.spring.boot.KeelProperties}): the policy, the routing table, the backends, the audit and session
 * stores, and the observations through the host's registry; with Spring Security on the class path
 * {@link dev.keel.spring.boot.KeelSecurityAutoConfiguration} maps each request's authentication to the principal
 * ({@link dev.keel.spring.boot.KeelPrincipalMapper}); with {@code keel-spring-ai} on the class path
 * {@link dev.keel.spring.boot.KeelSpringAiAutoConfiguration} makes Keel's Spring AI advisor a bean over the pipeline,
 * its principal and subject from the same mapping. Every bean backs off when the host defines its own.
 * Described in {@code docs/spring-boot.md}.
 *
 * <p>The beans are thread-safe singletons.
 */
package dev.keel.spring.boot;
