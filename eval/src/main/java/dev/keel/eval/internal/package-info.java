/**
 * The {@code keel eval} operations of Keel's modules, each a thin reading of its line's input onto the public API
 * of the module it evaluates, and its answer in that module's wire form. Every op is stateless and thread-safe.
 */
package dev.keel.eval.internal;
