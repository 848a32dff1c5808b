/**
 * Property-based tests on plain JUnit 5.
 *
 * <p>A {@link dev.keel.test.properties.Gen} turns {@link dev.keel.test.properties.Choices} into a value;
 * {@link dev.keel.test.properties.Property#forAll(Gen)} runs a check on many generated values from one seed, and
 * when a check fails, reduces the failing case by shrinking the choices that produced it, then fails with the seed
 * that reproduces it ({@code -Dkeel.properties.seed=...}), the smallest case found and the original one. See the
 * project's {@code docs/testing.md}.
 */
package dev.keel.test.properties;
