# fig6_normal_timespan_as_printed: Fig. 6, normal job: timespan, mean ± sd
# botsim wrote this script and fig6_normal_timespan_as_printed.dat; to re-draw fig6_normal_timespan_as_printed.svg and fig6_normal_timespan_as_printed.png after an edit,
# run `gnuplot fig6_normal_timespan_as_printed.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig6_normal_timespan_as_printed.svg'
set title 'Fig. 6, normal job: timespan, mean ± sd'
set xlabel 'increaseRatio (each creationRatio shifted by up to ±0.02)'
set ylabel 'timespan (s)'
set key outside right top vertical Left reverse
set yrange [0:4217.763248]
set xrange [-0.05:1.05]
set grid
plot 'fig6_normal_timespan_as_printed.dat' index 0 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 lw 2.5 pt 6 ps 0.8 title 'creationRatio 0', \
     'fig6_normal_timespan_as_printed.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb '#1f77b4' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig6_normal_timespan_as_printed.dat' index 1 using 1:2 with linespoints lc rgb '#ff7f0e' dt 2 lw 2.125 pt 4 ps 0.8 title 'creationRatio 0.25', \
     'fig6_normal_timespan_as_printed.dat' index 1 using 1:2:3:4 with yerrorbars lc rgb '#ff7f0e' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig6_normal_timespan_as_printed.dat' index 2 using 1:2 with linespoints lc rgb '#2ca02c' dt 3 lw 1.75 pt 8 ps 0.8 title 'creationRatio 0.5', \
     'fig6_normal_timespan_as_printed.dat' index 2 using 1:2:3:4 with yerrorbars lc rgb '#2ca02c' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig6_normal_timespan_as_printed.dat' index 3 using 1:2 with linespoints lc rgb '#d62728' dt 4 lw 1.375 pt 12 ps 0.8 title 'creationRatio 0.75', \
     'fig6_normal_timespan_as_printed.dat' index 3 using 1:2:3:4 with yerrorbars lc rgb '#d62728' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig6_normal_timespan_as_printed.dat' index 4 using 1:2 with linespoints lc rgb '#9467bd' dt 5 lw 1 pt 1 ps 0.8 title 'creationRatio 1', \
     'fig6_normal_timespan_as_printed.dat' index 4 using 1:2:3:4 with yerrorbars lc rgb '#9467bd' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     3535.753421 with lines lc rgb 'black' dt 2 lw 1.5 title 'optimum hosts, known task times'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig6_normal_timespan_as_printed.png'
replot
set output
