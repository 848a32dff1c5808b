/** Loaders of rule books from files and class-path resources: the rules module's only I/O. Thread-safe. */
package dev.keel.rules.loader;
