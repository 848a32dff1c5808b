/**
 * Reading configuration documents as text: {@link dev.keel.core.io.TextSources} is the one place that turns files
 * and class-path resources into strict UTF-8 text for every module's loaders.
 */
package dev.keel.core.io;
