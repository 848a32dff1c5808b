/** Reading routing tables from files and class-path resources: the routing module's only I/O. */
package dev.keel.routing.loader;
