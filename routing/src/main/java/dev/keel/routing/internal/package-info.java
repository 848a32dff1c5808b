/** The routing module's implementations: the weighted strategy, the table's format and its binding. Not API. */
package dev.keel.routing.internal;
