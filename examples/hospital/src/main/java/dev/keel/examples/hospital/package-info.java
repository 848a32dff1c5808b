/**
 * A hospital ward assistant built only from Keel's public parts and its own files: proof that an application needs
 * nothing of the MARP example. {@link dev.keel.examples.hospital.WardAssistant} answers through the governed call
 * with the ward's policy, routing table, tools ({@link dev.keel.examples.hospital.WardTools}, registered as discovery
 * primitives) and records ({@link dev.keel.examples.hospital.WardData}); described in
 * {@code docs/hospital-example.md}.
 *
 * <p>Values are immutable and thread-safe; builders are not. The assistant is thread-safe once built.
 */
package dev.keel.examples.hospital;
