/** The pipeline's implementation: the steps in order, the governed backend calls, the provenance and the audit record. */
package dev.keel.pipeline.internal;
