/** The property runner's choice sequences and shrinker; not an API. */
package dev.keel.test.properties.internal;
