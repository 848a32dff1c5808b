/**
 * Reading policy documents and governance knowledge from files and class-path resources. The only package of
 * the policy module that performs I/O; what it returns is validated, immutable and thread-safe.
 */
package dev.keel.policy.loader;
